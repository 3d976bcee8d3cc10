/**
 * Screen × operation pairs the fault matrix still finds wanting (all five failure modes each), measured when the
 * matrix first ran on every screen (issue 15). A ratchet: a failing case of a pair listed here is printed but does
 * not fail the run; any other failing case does. Fix a pair, then take it off this list. A pair of the cases run with
 * first-paint data is keyed `first-paint <visitor|member> <url> <operation>`. Why each one fails:
 */
export const KNOWN_FAULTS: Record<string, string> = {
  // None today: the last pairs (the member's class view record, /main's banner) pass; a new one is listed with why.
};

/**
 * Screen × operation pairs whose hang shows no "응답이 늦어지고 있습니다" with 다시 시도 at 5 s yet (issue 26): their
 * placeholder is not the section's `Pending`. Printed, not failing; the 15 s time-out message is still required.
 * A key "* <operation>" stands for that operation on every screen.
 */
export const KNOWN_SILENT_WAITS: Record<string, string> = {
  // None today: the console's who-am-I (issue 38) now waits behind the section's Pending, late notice and all.
};
