// The player's files import the clock from here; the one implementation is in src/lib/format.ts (issue 26).
export { formatClock } from '../../lib/format';
