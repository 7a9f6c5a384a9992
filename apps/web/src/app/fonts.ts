// The self-hosted Chinese font (weights 400 and 500). Its @font-face rules list about a hundred
// unicode-range slices (about 100 KB of CSS), so they load after the first paint instead of
// blocking it; the browser then fetches only the slices the page's characters need.
import '@fontsource/noto-sans-sc/400.css';
import '@fontsource/noto-sans-sc/500.css';
