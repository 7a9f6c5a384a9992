/**
 * The group's watermark: its text and/or image repeated diagonally and light over the report. In
 * print the layer is `position: fixed`, which Chromium repeats on every printed page; the text is
 * real text in the report's web font, so it shows (and can be found) in the PDF.
 */
interface ReportWatermarkProps {
  text?: string | null;
  /** A data URL (the server embeds the uploaded image, so the print view needs no session). */
  imageUrl?: string | null;
  mode: 'screen' | 'print' | 'sample';
  /** Rows of the tiled layer; the screen report is long, a printed page is one A4 page. */
  rows?: number;
}

const COLUMNS = 3;

export function ReportWatermark({ text, imageUrl, mode, rows }: ReportWatermarkProps) {
  if (!text && !imageUrl) return null;
  const rowCount = rows ?? (mode === 'screen' ? 60 : mode === 'print' ? 6 : 4);
  const cells = Array.from({ length: rowCount * COLUMNS }, (_, index) => index);
  return (
    <div className={`tl-watermark is-${mode}`} aria-hidden="true" data-testid="report-watermark">
      {cells.map((cell) => (
        <span key={cell} className="tl-watermark-cell">
          {imageUrl && <img className="tl-watermark-image" src={imageUrl} alt="" />}
          {text}
        </span>
      ))}
    </div>
  );
}
