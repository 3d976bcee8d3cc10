import { Svg, type IconProps } from '../icons';

/** ↑ of the floating scroll-to-top button: it loads with the footer, after first paint (not the shell's icons). */
export const ArrowUpIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 19V5M6 11l6-6 6 6" />
  </Svg>
);
