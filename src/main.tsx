import { start } from './start';
import './styles/global.css';

// index.html paints a static header (and, for /main, the hero) first. The app starts after that frame
// (when its scripts are already cached they would otherwise run before the browser paints anything), and
// renders once the first route's code and data are in, so the static paint stays until the full page
// replaces it in the same boxes, with no blank frame in between.
requestAnimationFrame(() => setTimeout(start, 0));
// A tab opened in the background gets no animation frames: start anyway.
setTimeout(start, 250);
