import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { http } from '../../lib/http';

/**
 * Official document numbers as report rules cite them: 财税〔2016〕36号, 国税函〔2009〕312号,
 * 国家税务总局公告2019年第38号, 财政部 税务总局公告2023年第19号, 国家税务总局令第54号.
 */
const DOC_NO =
  /(?:财政部\s?(?:国家)?税务总局(?:\s?海关总署)?公告|国家税务总局公告|财政部公告)\d{4}年第\d+号|(?:财税|财会|国税发|国税函|税总发|税总函)〔\d{4}〕\d+号|国家税务总局令第\d+号/g;

export function citedDocNos(text: string): string[] {
  return [...new Set(text.match(DOC_NO) ?? [])];
}

/**
 * A finding's basis text with each cited document the policy library holds linked to its detail
 * page (/policy/detail); numbers the library lacks stay plain text.
 */
export function PolicyCitations({ text }: { text: string }) {
  const cited = citedDocNos(text);
  const found = useQuery({
    queryKey: ['policy', 'byDocNos', cited],
    queryFn: ({ signal }) =>
      http.get<{ id: number; docNo: string }[]>('/PolicyInfo/findByDocNos', {
        params: { docNos: cited.join('|') },
        signal,
        silent: true,
      }),
    enabled: cited.length > 0,
    staleTime: 10 * 60_000,
    retry: false,
  });
  const ids = new Map((found.data ?? []).map((row) => [row.docNo, row.id]));
  if (ids.size === 0) return <>{text}</>;
  const parts = text.split(new RegExp(`(${DOC_NO.source})`, 'g'));
  return (
    <>
      {parts.map((part, index) => {
        const id = ids.get(part);
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
        if (!id) return <Fragment key={index}>{part}</Fragment>;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
          <Link key={index} to={`/policy/detail?id=${id}`} data-testid="basis-link">
            {part}
          </Link>
        );
      })}
    </>
  );
}
