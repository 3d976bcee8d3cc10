import { Svg, type IconProps } from '../icons';

/** × for the search box and the side menu: only those panels, loaded on first use, show it (not the shell's icons). */
export const CloseIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M6 6l12 12M18 6 6 18" />
  </Svg>
);
