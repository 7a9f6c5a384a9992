// The self-hosted Chinese font, Noto Sans SC (weights 400 and 500). The build cuts small subsets
// of the client's own text and keeps @fontsource's unicode-range slices for any other character
// (build/font-subsets.ts); their @font-face rules (a stylesheet of about 190 KB, 20 KB as sent)
// load with this module, after the first paint instead of blocking it, and the browser fetches
// only the font files the page's characters need. In dev and tests the module imports
// @fontsource's stylesheets instead and gives no address.
import stylesheet from 'virtual:taxlens-font-faces';

/**
 * Settles once the rules apply (at once in dev and tests). The print view waits for it before it
 * asks for its characters' fonts (print-readiness.ts). A failed load leaves the system fonts, as
 * a blocked font file would. (No top-level await here: it would change how Rolldown splits the
 * entry, see vite.config.ts.)
 */
export const fontRulesLoaded: Promise<void> = stylesheet
  ? new Promise((resolve) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = stylesheet;
      link.onload = () => resolve();
      link.onerror = () => resolve();
      document.head.append(link);
    })
  : Promise.resolve();
