// The self-hosted Chinese font, Noto Sans SC (weights 400 and 500). The build cuts small subsets
// of the client's own text and keeps @fontsource's unicode-range slices for any other character
// (build/font-subsets.ts); its @font-face rules (about 100 KB) arrive with this module, after the
// first paint instead of blocking it, and the browser fetches only the files the page's
// characters need. In dev and tests the module imports @fontsource's stylesheets instead.
import fontFaces from 'virtual:taxlens-font-faces';

if (fontFaces) {
  const style = document.createElement('style');
  style.dataset.fonts = 'noto-sans-sc';
  style.textContent = fontFaces;
  document.head.append(style);
}
