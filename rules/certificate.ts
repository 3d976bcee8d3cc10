/**
 * The one certificate rule: which videos must be complete, when the quiz opens, what passes, how often a member may
 * sit it. The reference backend enforces it (server/handlers/quiz.ts, server/domain/certificates.ts) on its own
 * `completed` flags; the progress page, the quiz screen, the FAQ, the terms and the certificate state it with
 * `certificateRuleText`, so what a member reads is what the server does. Pure and dependency-free (rules/ imports
 * nothing).
 */

/**
 * A class's terms: the standard below, or the class's own (its quiz's `required_progress` and `pass_score`, the
 * class's `certificate_progress`), as the console sets them.
 */
export interface CertificateTerms {
  /** The quiz opens once this share of the class's videos is complete, in percent. */
  quizOpensAt: number;
  /** The least score (of 100) that passes. */
  passScore: number;
  /** Recorded attempts per member and class within one Korean calendar day (00:00-24:00 KST). */
  attemptsPerDay: number;
  /** The share of the class's videos complete that the certificate needs, in percent (100: every video). */
  certificateProgress: number;
}

/**
 * The standard every demo quiz is seeded with and the FAQ and the terms state. A certificate also needs every video
 * of the class complete (`certificateProgress` 100): the quiz may be passed earlier (from `quizOpensAt`), the
 * certificate waits for the last video.
 */
export const CERTIFICATE_RULE: CertificateTerms = { quizOpensAt: 50, passScore: 60, attemptsPerDay: 3, certificateProgress: 100 };

/** The rule in one sentence, the same on every page that states it. */
export function certificateRuleText(terms: CertificateTerms = CERTIFICATE_RULE): string {
  const videos =
    terms.certificateProgress >= 100 ? '클래스의 모든 영상을' : `클래스 영상의 ${terms.certificateProgress}% 이상을`;
  return (
    `${videos} 시청 완료하고 수료 퀴즈에서 ${terms.passScore}점 이상을 받으면 수료증이 발급됩니다. ` +
    `퀴즈는 진도율 ${terms.quizOpensAt}% 이상부터 하루 ${terms.attemptsPerDay}회까지 응시할 수 있습니다.`
  );
}

/** The quiz is open at `progress` percent of the class's videos complete. */
export const quizOpen = (progress: number, terms: Pick<CertificateTerms, 'quizOpensAt'>): boolean =>
  progress >= terms.quizOpensAt;

/** A score passes. */
export const passes = (score: number, terms: Pick<CertificateTerms, 'passScore'>): boolean => score >= terms.passScore;

/**
 * The certificate is due: the quiz passed and the class's share of videos complete (`progress`, the same percent of
 * videos complete the quiz opens on, at least `certificateProgress`: 100 unless the class says otherwise), in
 * whichever order the two happened. server/domain/certificates.ts says the same in SQL to date and issue it.
 */
export const certificateDue = (
  passed: boolean,
  progress: number,
  terms: Pick<CertificateTerms, 'certificateProgress'> = CERTIFICATE_RULE,
): boolean => passed && progress >= terms.certificateProgress;

/** How many more of a class's videos must be complete before its certificate can be due (0 once enough are). */
export const videosStillNeeded = (
  complete: number,
  total: number,
  terms: Pick<CertificateTerms, 'certificateProgress'> = CERTIFICATE_RULE,
): number => Math.max(0, Math.ceil((total * terms.certificateProgress) / 100) - complete);

const KST_MS = 9 * 3600_000;
const DAY_MS = 86_400_000;

/** The start of the Korean calendar day `at` falls in: attempts are counted from it. */
export function kstDayStart(at: Date): Date {
  const local = at.getTime() + KST_MS;
  return new Date(local - (((local % DAY_MS) + DAY_MS) % DAY_MS) - KST_MS);
}

/** When a member who used the day's attempts may sit the quiz again: the next 00:00 KST. */
const nextAttemptAt = (at: Date): Date => new Date(kstDayStart(at).getTime() + DAY_MS);

/** The refusal of one attempt too many, saying when the quiz opens again. */
export function attemptLimitText(at: Date, terms: Pick<CertificateTerms, 'attemptsPerDay'> = CERTIFICATE_RULE): string {
  const opens = new Date(nextAttemptAt(at).getTime() + KST_MS);
  return (
    `오늘 응시할 수 있는 ${terms.attemptsPerDay}회를 모두 사용했습니다. ` +
    `${opens.getUTCMonth() + 1}월 ${opens.getUTCDate()}일 0시(한국 시간)부터 다시 응시할 수 있습니다.`
  );
}

/** A certificate's learning hours: the class's video durations (seconds) in hours, to one decimal. */
export const learningHours = (seconds: number): number => Math.round(seconds / 360) / 10;
