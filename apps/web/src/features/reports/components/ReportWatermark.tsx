/**
 * The group's watermark: its text repeated diagonally and light over the report. In print the
 * layer is `position: fixed`, which Chromium repeats on every printed page; it is real text in the
 * report's web font, so it shows (and can be found) in the PDF.
 */
interface ReportWatermarkProps {
  text: string;
  mode: 'screen' | 'print' | 'sample';
  /** Rows of the tiled layer; the screen report is long, a printed page is one A4 page. */
  rows?: number;
}

const COLUMNS = 3;

export function ReportWatermark({ text, mode, rows }: ReportWatermarkProps) {
  const rowCount = rows ?? (mode === 'screen' ? 60 : mode === 'print' ? 6 : 4);
  const cells = Array.from({ length: rowCount * COLUMNS }, (_, index) => index);
  return (
    <div className={`tl-watermark is-${mode}`} aria-hidden="true" data-testid="report-watermark">
      {cells.map((cell) => (
        <span key={cell} className="tl-watermark-cell">
          {text}
        </span>
      ))}
    </div>
  );
}
