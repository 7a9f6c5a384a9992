import { fetchBlob } from '../../../lib/download';
import { PDF_REQUEST_TIMEOUT_MS } from '../api';

/**
 * The report PDF (`GET /api/ReportPool/pdf?id=`) through the shared file download, with a long
 * time-out: the first print of a report takes several seconds, later ones come from the cache.
 */
export async function fetchReportPdf(id: number, signal?: AbortSignal): Promise<{ blob: Blob; fileName: string }> {
  const { blob, fileName } = await fetchBlob(
    '/ReportPool/pdf',
    { id },
    { signal, timeoutMs: PDF_REQUEST_TIMEOUT_MS, expectType: 'application/pdf' },
  );
  return { blob, fileName: fileName ?? `report-${id}.pdf` };
}
