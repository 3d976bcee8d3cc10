import { account } from './account';
import { board } from './board';
import { cart } from './cart';
import { catalog } from './catalog';
import { classroom } from './classroom';
import { classroomBookmark } from './classroom-bookmark';
import { files } from './files';
import { local } from './local';
import { payment } from './payment';
import { player } from './player';
import { points } from './points';
import { progress } from './progress';
import { quiz } from './quiz';
import { quizCertificate } from './quiz-certificate';
import { ratings } from './ratings';
import { stats } from './stats';
import { untyped, type Handlers } from '../openapi/typed';

/**
 * Each yaml tag's handlers (`local`: the /local/* stand-ins); a tag's file holds exactly that tag's operations.
 * A topic file of a tag (`cart-checkout.ts`) joins its tag here: `cart: { ...cart, ...cartCheckout }`.
 */
export const byTag = {
  catalog,
  board,
  files,
  progress,
  classroom: { ...classroom, ...classroomBookmark },
  player,
  cart,
  payment,
  points,
  quiz: { ...quiz, ...quizCertificate },
  ratings,
  account,
  stats,
  local,
};

/** Every yaml operationId → its handler: an operation without one fails `npx tsc --noEmit` here. */
const all = {
  ...byTag.catalog,
  ...byTag.board,
  ...byTag.files,
  ...byTag.progress,
  ...byTag.classroom,
  ...byTag.player,
  ...byTag.cart,
  ...byTag.payment,
  ...byTag.points,
  ...byTag.quiz,
  ...byTag.ratings,
  ...byTag.account,
  ...byTag.stats,
  ...byTag.local,
} satisfies Handlers;

export const handlers = untyped(all);
