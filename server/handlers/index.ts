import type { Handler } from './context';
import { catalog } from './catalog';
import { board } from './board';
import { account } from './account';
import { commerce } from './commerce';
import { learning } from './learning';
import { files } from './files';
import { classroomBookmark } from './classroom-bookmark';
import { quizAttempts } from './quiz-attempts';
import { quizCertificate } from './quiz-certificate';

/** Every yaml operationId → its handler. */
export const handlers: Record<string, Handler> = {
  ...catalog,
  ...board,
  ...account,
  ...commerce,
  ...learning,
  ...files,
  ...classroomBookmark,
  ...quizAttempts,
  ...quizCertificate,
};
