import { Svg, type IconProps } from '../../components/icons';

/**
 * A locked lecture: drawn, since the lock emoji (U+1F512) is an empty box where no emoji font is installed. Only the
 * player shows it, so it travels with the player rather than with the shell's icons (the initial-JS budget).
 */
export function LockIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="5" y="10.5" width="14" height="10" rx="2" />
      <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
    </Svg>
  );
}
