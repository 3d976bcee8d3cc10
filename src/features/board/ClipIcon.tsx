import { Svg, type IconProps } from '../../components/icons';

/**
 * Attachment (paper clip): an icon rather than the emoji, which not every device's fonts draw.
 * Only the board's screens show it, so it travels with them rather than with the shell's icons.
 */
export function ClipIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M21 11.5 12.6 19.9a5 5 0 0 1-7.1-7.1l8.5-8.5a3.3 3.3 0 0 1 4.7 4.7l-8.5 8.5a1.7 1.7 0 0 1-2.4-2.4l7.8-7.8" />
    </Svg>
  );
}
