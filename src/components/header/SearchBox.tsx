import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { alertDark } from '../../lib/popup';
import { SearchIcon } from '../icons';
import { CloseIcon } from './CloseIcon';

export const EMPTY_SEARCH_MESSAGE = '검색어를 입력해주세요.';
/** Short enough to read whole in the box at 320 px (issue 42: the longer one was cut at 390 px). */
const PLACEHOLDER = '클래스를 검색해보세요';

/** The top search box: opens emptied and focused; empty text alerts and refocuses (spec §5). */
export function SearchBox({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();

  // Emptied while closed, so it never opens showing the previous text, even for a frame.
  useEffect(() => {
    if (open) input.current?.focus();
    else setText('');
  }, [open]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const schtext = text.trim();
    if (!schtext) {
      // Back to the box whether the search was sent by Enter (focus in the box) or by clicking 검색 (focus on it).
      await alertDark(EMPTY_SEARCH_MESSAGE, { focusAfter: input.current });
      return;
    }
    onClose();
    await navigate({ to: '/search', search: { schtext } });
  };

  return (
    <div className={open ? 'search-box open' : 'search-box'} hidden={!open} data-testid="search-box">
      <form className="search-box__form" role="search" onSubmit={(e) => void submit(e)}>
        <SearchIcon className="search-box__icon" />
        <input
          ref={input}
          className="search-box__input"
          type="search"
          name="schtext"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={PLACEHOLDER}
          aria-label="검색어"
          autoComplete="off"
        />
        <button type="submit" className="search-box__submit">
          검색
        </button>
        <button type="button" className="search-box__close" onClick={onClose} aria-label="검색창 닫기">
          <CloseIcon size={22} />
        </button>
      </form>
    </div>
  );
}
