/**
 * The terms every paid order gets, read by the store when an order is paid (server/domain/orders.ts) and by the demo
 * seed, so the demo member's enrolments and points are what the store would have written (issue 42, finding 9).
 */

/** How long a class bought (or granted from the console without an end date) stays open, from the payment. */
export const ENROLMENT_DAYS = 90;

/** Share of the charged amount credited as points (결제 적립) when an order is paid. */
export const EARN_RATE = 0.05;

/** Points a paid order earns: the rate applied to what was charged, rounded down to the point. */
export const earnedPoints = (paid: number): number => Math.floor(paid * EARN_RATE);
