/**
 * The QR code of a PDF whose issuer draws it as vector paths (filled squares, no image): the page
 * is rendered by pdf.js onto a canvas from @napi-rs/canvas (its binary ships inside the npm
 * package) and the QR is decoded from the pixels. Only the pixels are used, for the QR alone:
 * the face data still comes from the text layer.
 */
import { createIsomorphicCanvasFactory, type getDocumentProxy } from 'unpdf';
import { readQr } from './image-qr.reader.js';

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;
type CanvasFactoryClass = Awaited<ReturnType<typeof createIsomorphicCanvasFactory>>;

let factory: Promise<CanvasFactoryClass | null> | null = null;

/** The canvas factory, loaded once; null when the platform has no @napi-rs/canvas build. */
function canvasFactory(): Promise<CanvasFactoryClass | null> {
  factory ??= createIsomorphicCanvasFactory(() => import('@napi-rs/canvas')).catch(() => null);
  return factory;
}

/**
 * Scales tried in turn: at 2× a 56 pt QR of 33 modules gets about 3 pixels a module, which jsQR
 * reads; 3× is the second chance for denser codes.
 */
const RENDER_SCALES = [2, 3];

export interface RenderedQr {
  text: string | null;
  /** Set when the page could not be rendered here (said in the record's notes). */
  unavailable?: string;
}

export async function qrOfRenderedPages(document: PdfDocument, pages: number): Promise<RenderedQr> {
  const Factory = await canvasFactory();
  if (!Factory) return { text: null, unavailable: '本机无法渲染PDF页面，未能识别矢量绘制的二维码' };
  for (let pageNumber = 1; pageNumber <= pages; pageNumber++) {
    const page = await document.getPage(pageNumber);
    for (const scale of RENDER_SCALES) {
      const viewport = page.getViewport({ scale });
      const canvases = new Factory();
      const drawing = canvases.create(viewport.width, viewport.height);
      try {
        await page.render({ canvas: drawing.canvas, canvasContext: drawing.context, viewport } as never).promise;
        const image = drawing.context.getImageData(0, 0, drawing.canvas.width, drawing.canvas.height);
        const text = readQr({ data: image.data, width: image.width, height: image.height });
        if (text) return { text };
      } catch {
        // A page pdf.js cannot draw is read from its text layer alone.
        break;
      } finally {
        canvases.destroy(drawing);
      }
    }
  }
  return { text: null };
}
