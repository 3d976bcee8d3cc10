import type { Page } from 'playwright-core';

export interface StageState {
  /** The page has the player's stage (the app's, or the server's picture of it). */
  stage: boolean;
  /** The stage's video shows a frame. */
  frame: boolean;
  /** Where the stage's video is (seconds). */
  t: number;
  /** Visible words at the stage or in an alert or dialog. */
  messages: string[];
  /** Visible dialogs that say nothing but their buttons. */
  emptyDialogs: number;
  header: boolean;
}

const HANGUL = /[가-힣]/;

/**
 * What the player's stage and the page show now: a first frame, a visible message near the stage or in an alert.
 * Shared by the player's document-fault journey and the fault matrix, which both fail on a silent black stage.
 */
export function stageState(page: Page): Promise<StageState> {
  return page.evaluate(() => {
    const video = document.querySelector<HTMLVideoElement>('.player-stage video');
    const visible = (e: Element) => (e as HTMLElement).checkVisibility?.() ?? true;
    const messages = [...document.querySelectorAll('.player-stage [role="status"], .player-stage [role="alert"], [role="alert"], .swal2-html-container')]
      .filter(visible)
      .map((e) => e.textContent?.trim() ?? '')
      .filter(Boolean);
    // A dialog that says nothing (its buttons aside) is as silent as a black stage.
    const emptyDialogs = [...document.querySelectorAll('.swal2-popup')]
      .filter(visible)
      .filter((p) => !/[가-힣]/.test(p.querySelector('.swal2-html-container')?.textContent ?? '')).length;
    return {
      stage: !!document.querySelector('.player-stage'),
      frame: !!video && video.readyState >= 2 && !video.error,
      t: video?.currentTime ?? 0,
      messages,
      emptyDialogs,
      header: !!document.querySelector('header'),
    };
  });
}

/** Says something in Korean: at the stage, in an alert or in a dialog. */
export const saysInKorean = (s: Pick<StageState, 'messages'>): boolean => s.messages.some((m) => HANGUL.test(m));

/** A stage with no frame, no word and no dialog that speaks: what a member must never be left looking at. */
export const silentBlackStage = (s: StageState): boolean => s.stage && !s.frame && !saysInKorean(s);
