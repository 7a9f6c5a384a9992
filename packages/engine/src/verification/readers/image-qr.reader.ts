/** QR codes in pictures: PNG and JPEG decoded in JavaScript, then jsQR over the pixels. */
import jpeg from 'jpeg-js';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';

// jsqr ships CommonJS with `exports.default`; under Node's ESM interop the callable is one level down.
const jsQR = ((jsQRModule as unknown as { default?: typeof jsQRModule }).default ?? jsQRModule) as unknown as (
  data: Uint8ClampedArray,
  width: number,
  height: number,
  options?: { inversionAttempts?: 'dontInvert' | 'onlyInvert' | 'attemptBoth' | 'invertFirst' },
) => { data: string } | null;

export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

export function isPng(bytes: Uint8Array): boolean {
  return bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
}

export function isJpeg(bytes: Uint8Array): boolean {
  return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

/** RGBA pixels of a PNG or JPEG, or null when the bytes are neither or do not decode. */
export function decodeImage(bytes: Uint8Array): Pixels | null {
  try {
    if (isPng(bytes)) {
      const png = PNG.sync.read(Buffer.from(bytes));
      return {
        data: new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length),
        width: png.width,
        height: png.height,
      };
    }
    if (isJpeg(bytes)) {
      const image = jpeg.decode(bytes, { useTArray: true, maxMemoryUsageInMB: 256 });
      return { data: new Uint8ClampedArray(image.data.buffer), width: image.width, height: image.height };
    }
  } catch {
    return null;
  }
  return null;
}

/** Converts 1-, 3- or 4-channel pixel data (as PDF image extraction gives it) to RGBA. */
export function toRgba(data: Uint8ClampedArray, width: number, height: number, channels: number): Pixels {
  if (channels === 4) return { data, width, height };
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const r = data[i * channels] ?? 0;
    rgba[i * 4] = r;
    rgba[i * 4 + 1] = channels === 3 ? (data[i * 3 + 1] ?? 0) : r;
    rgba[i * 4 + 2] = channels === 3 ? (data[i * 3 + 2] ?? 0) : r;
    rgba[i * 4 + 3] = 255;
  }
  return { data: rgba, width, height };
}

/** The text of the QR code in the pixels, or null. Small codes are scaled up first: jsQR needs a few pixels per module. */
export function readQr(pixels: Pixels): string | null {
  const found = jsQR(pixels.data, pixels.width, pixels.height, { inversionAttempts: 'attemptBoth' });
  if (found?.data) return found.data;
  if (Math.max(pixels.width, pixels.height) < 300) {
    const scaled = scale(pixels, 4);
    return jsQR(scaled.data, scaled.width, scaled.height, { inversionAttempts: 'attemptBoth' })?.data || null;
  }
  return null;
}

function scale(pixels: Pixels, factor: number): Pixels {
  const width = pixels.width * factor;
  const height = pixels.height * factor;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const from = (Math.floor(y / factor) * pixels.width + Math.floor(x / factor)) * 4;
      const to = (y * width + x) * 4;
      data[to] = pixels.data[from] ?? 0;
      data[to + 1] = pixels.data[from + 1] ?? 0;
      data[to + 2] = pixels.data[from + 2] ?? 0;
      data[to + 3] = 255;
    }
  }
  return { data, width, height };
}
