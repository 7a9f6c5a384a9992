/** Text with every occurrence of the keyword (whitespace-free, case-insensitive) marked. */
export function Highlight({ text, keyword }: { text: string; keyword: string | null | undefined }) {
  if (!keyword) return <>{text}</>;
  const parts: { text: string; hit: boolean }[] = [];
  const lower = text.toLowerCase();
  let from = 0;
  for (let at = lower.indexOf(keyword, from); at >= 0; at = lower.indexOf(keyword, from)) {
    if (at > from) parts.push({ text: text.slice(from, at), hit: false });
    parts.push({ text: text.slice(at, at + keyword.length), hit: true });
    from = at + keyword.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), hit: false });
  return (
    <>
      {parts.map((part, index) =>
        part.hit ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string never reorder
          <mark key={index}>{part.text}</mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
