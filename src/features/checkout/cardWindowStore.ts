import type { AskDecision, LocalCardDecision } from './provider/local';

/** The local test window's one pending question; LocalCardWindow renders it and answers it. */
export type CardQuestion = Parameters<AskDecision>[0] & {
  answer: (decision: LocalCardDecision) => void;
};

let current: CardQuestion | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const cardWindow = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => current,
};

/** Opens the window and settles with the member's choice. */
export const askCardDecision: AskDecision = (tx) =>
  new Promise<LocalCardDecision>((resolve) => {
    current = {
      ...tx,
      answer: (decision) => {
        current = null;
        emit();
        resolve(decision);
      },
    };
    emit();
  });
