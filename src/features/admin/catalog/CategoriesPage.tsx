import { useEffect, useId, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminCatalogKeys, adminCategoriesQuery, type AdminCategory } from '../../../api/queries/admin-catalog';
import {
  createAdminCategory,
  deleteAdminCategory,
  moveAdminCategory,
  renameAdminCategory,
  reorderAdminCategories,
} from '../../../api/queries/admin-catalog-categories';
import { catalogKeys, categoryKeys } from '../../../api/queries/catalog';
import { alertError, confirmDark } from '../../../lib/popup';
import { PageSkeleton } from '../../../components/ui/Skeleton';
import { AdminFailure, AdminPageHead, AdminRefusal, FieldError } from '../shell/AdminParts';
import { canUse } from '../shell/roles';
import { useAdminMe } from '../shell/useAdminMe';
import { useAdminTitle } from '../shell/useAdminTitle';
import { useFormDraft } from '../shell/useFormDraft';
import { checkCategoryName, type CategoryNameValues } from './categoryFields';
import { childrenOf, mayHaveChild, moveTargets, swappedOrder } from './categoryEdits';
import './categories.css';

/** What is open on a category: its rename form, its add-a-child form or its move form. */
type Editing = { id: number; mode: 'rename' | 'add' | 'move' } | null;

/** 카테고리: the store menu's tree (three levels): add, rename, reorder, move and delete (owner and operators). */
export function CategoriesPage() {
  useAdminTitle('카테고리');
  const me = useAdminMe();
  if (!canUse(me.role, 'categories')) return <AdminRefusal message="카테고리는 운영자만 관리할 수 있습니다." />;
  return <CategoryTree />;
}

function CategoryTree() {
  const categories = useQuery(adminCategoriesQuery());
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);
  const [done, setDone] = useState<string | null>(null);
  // The button to focus once the moved category has re-rendered in its new place (keyboard users keep their place).
  const focusAfter = useRef<string | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const write = useMutation({
    mutationFn: (w: { run: () => Promise<AdminCategory[]>; message: string; focus?: string }) => w.run(),
    onMutate: (w) => {
      focusAfter.current = w.focus ?? null;
      setDone(null);
    },
    onSuccess: async (list, w) => {
      queryClient.setQueryData(adminCatalogKeys.categories, list);
      setEditing(null);
      setDone(w.message);
      // This tab's store screens read the menu and the lists again (other visitors: the server's cache already follows).
      await Promise.all([queryClient.invalidateQueries({ queryKey: categoryKeys.menu }), queryClient.invalidateQueries({ queryKey: catalogKeys.all })]);
    },
    onError: (e) => {
      focusAfter.current = null;
      void alertError(e);
    },
  });
  useEffect(() => {
    const key = focusAfter.current;
    if (!key || !root.current) return;
    focusAfter.current = null;
    const button = root.current.querySelector<HTMLButtonElement>(`[data-focus="${key}"]`);
    // At an end the pressed arrow is disabled: its pair takes the focus.
    const target = button && !button.disabled ? button : root.current.querySelector<HTMLButtonElement>(`[data-focus^="${key.replace(/:[^:]+$/, ':')}"]:not(:disabled)`);
    target?.focus();
  }, [categories.data]);

  if (categories.isError && !categories.data) return <AdminFailure error={categories.error} onRetry={() => void categories.refetch()} />;
  if (!categories.data) return <PageSkeleton lines={8} />;
  const list = categories.data;
  const busy = write.isPending;
  const actions: TreeActions = {
    list,
    busy,
    editing,
    setEditing: (e) => {
      setDone(null);
      setEditing(e);
    },
    move: (c, dir) => {
      const order = swappedOrder(list, c.categoryid, dir);
      if (order) write.mutate({ run: () => reorderAdminCategories(order), message: '순서를 바꿨습니다.', focus: `c${c.categoryid}:${dir < 0 ? 'up' : 'down'}` });
    },
    rename: (c, names) => write.mutate({ run: () => renameAdminCategory(c.categoryid, names), message: `「${names.name}」(으)로 이름을 바꿨습니다.`, focus: `c${c.categoryid}:rename` }),
    add: (parentid, names) => write.mutate({ run: () => createAdminCategory({ parentid, ...names }), message: `「${names.name}」 카테고리를 추가했습니다.` }),
    moveTo: (c, parentid) => write.mutate({ run: () => moveAdminCategory(c.categoryid, parentid), message: `「${c.name}」 카테고리를 옮겼습니다.`, focus: `c${c.categoryid}:move` }),
    remove: async (c) => {
      if (await confirmDark(`「${c.name}」 카테고리를 삭제할까요? 되돌릴 수 없습니다.`)) write.mutate({ run: () => deleteAdminCategory(c.categoryid), message: `「${c.name}」 카테고리를 삭제했습니다.` });
    },
  };

  return (
    <>
      <AdminPageHead title="카테고리" lead="스토어 메뉴에 보이는 분류입니다. 3단계까지 만들 수 있고, 바꾼 내용은 스토어 메뉴와 클래스 목록에 바로 반영됩니다.">
        <button type="button" className="btn btn--primary btn--sm" disabled={busy || editing?.id === 0} onClick={() => actions.setEditing({ id: 0, mode: 'add' })}>
          최상위 카테고리 추가
        </button>
      </AdminPageHead>
      {done && (
        <p className="admin-notice" role="status">
          {done}
        </p>
      )}
      {editing?.id === 0 && (
        <div className="admin-card">
          <NameForm legend="최상위 카테고리 추가" submitLabel="추가" busy={busy} onCancel={() => actions.setEditing(null)} onSave={(names) => actions.add(0, names)} />
        </div>
      )}
      <div className="admin-cattree" ref={root} aria-busy={busy} data-testid="admin-category-tree">
        <Branch parentid={0} actions={actions} />
      </div>
    </>
  );
}

interface TreeActions {
  list: AdminCategory[];
  busy: boolean;
  editing: Editing;
  setEditing: (e: Editing) => void;
  move: (c: AdminCategory, dir: -1 | 1) => void;
  rename: (c: AdminCategory, names: { name: string; engname: string }) => void;
  add: (parentid: number, names: { name: string; engname: string }) => void;
  moveTo: (c: AdminCategory, parentid: number) => void;
  remove: (c: AdminCategory) => Promise<void>;
}

function Branch({ parentid, actions }: { parentid: number; actions: TreeActions }) {
  const children = childrenOf(actions.list, parentid);
  if (children.length === 0) return null;
  return (
    <ul className="admin-cattree__list">
      {children.map((c, i) => (
        <CategoryNode key={c.categoryid} category={c} first={i === 0} last={i === children.length - 1} actions={actions} />
      ))}
    </ul>
  );
}

function CategoryNode({ category: c, first, last, actions }: { category: AdminCategory; first: boolean; last: boolean; actions: TreeActions }) {
  const { busy, editing, setEditing } = actions;
  const mode = editing?.id === c.categoryid ? editing.mode : null;
  const key = `c${c.categoryid}`;
  const name = `「${c.name}」`;
  const children = childrenOf(actions.list, c.categoryid).length;
  const open = (m: 'rename' | 'add' | 'move') => setEditing(mode === m ? null : { id: c.categoryid, mode: m });
  return (
    <li className="admin-cattree__item" data-testid="admin-category" data-categoryid={c.categoryid} data-depth={c.depth}>
      <div className="admin-cattree__row">
        <span className="admin-cattree__name">
          <span className="admin-cattree__title">{c.name}</span>
          {c.engname && <span className="admin-muted admin-cattree__eng">{c.engname}</span>}
          <span className="admin-lecture__tags">
            <span className="admin-badge" title="이 카테고리에 직접 속한 클래스 (초안 포함)">클래스 {c.classcount}</span>
            {children > 0 && <span className="admin-badge">하위 {children}</span>}
            {!c.isactive && <span className="admin-badge admin-badge--hidden">메뉴에 숨김</span>}
          </span>
        </span>
        <span className="admin-tools">
          <button type="button" className="admin-icon-btn" data-focus={`${key}:up`} aria-label={`${name} 카테고리를 위로`} disabled={busy || first} onClick={() => actions.move(c, -1)}>
            ↑
          </button>
          <button type="button" className="admin-icon-btn" data-focus={`${key}:down`} aria-label={`${name} 카테고리를 아래로`} disabled={busy || last} onClick={() => actions.move(c, 1)}>
            ↓
          </button>
          <button type="button" className="admin-icon-btn" data-focus={`${key}:rename`} aria-label={`${name} 이름 변경`} aria-expanded={mode === 'rename'} disabled={busy} onClick={() => open('rename')}>
            이름 변경
          </button>
          {mayHaveChild(actions.list, c.categoryid) && (
            <button type="button" className="admin-icon-btn" data-focus={`${key}:add`} aria-label={`${name} 아래에 하위 카테고리 추가`} aria-expanded={mode === 'add'} disabled={busy} onClick={() => open('add')}>
              하위 추가
            </button>
          )}
          <button type="button" className="admin-icon-btn" data-focus={`${key}:move`} aria-label={`${name} 다른 위치로 옮기기`} aria-expanded={mode === 'move'} disabled={busy} onClick={() => open('move')}>
            옮기기
          </button>
          <button type="button" className="admin-icon-btn admin-icon-btn--danger" aria-label={`${name} 삭제`} disabled={busy} onClick={() => void actions.remove(c)}>
            삭제
          </button>
        </span>
      </div>
      {mode === 'rename' && (
        <NameForm
          legend={`${name} 이름 변경`}
          initial={{ name: c.name, engname: c.engname }}
          submitLabel="저장"
          busy={busy}
          onCancel={() => setEditing(null)}
          onSave={(names) => (names.name === c.name && names.engname === c.engname ? setEditing(null) : actions.rename(c, names))}
        />
      )}
      {mode === 'add' && <NameForm legend={`${name} 아래에 추가`} submitLabel="추가" busy={busy} onCancel={() => setEditing(null)} onSave={(names) => actions.add(c.categoryid, names)} />}
      {mode === 'move' && <MoveForm category={c} actions={actions} />}
      <Branch parentid={c.categoryid} actions={actions} />
    </li>
  );
}

/** A category's two names (the menu's and the English one), checked with zod; Escape closes it. */
function NameForm({
  legend,
  initial = { name: '', engname: '' },
  submitLabel,
  busy,
  onSave,
  onCancel,
}: {
  legend: string;
  initial?: CategoryNameValues;
  submitLabel: string;
  busy: boolean;
  onSave: (names: { name: string; engname: string }) => void;
  onCancel: () => void;
}) {
  const { values, setValues, errors, setErrors, dirty, guard } = useFormDraft<CategoryNameValues>(initial);
  const id = `catform-${useId().replace(/[^\w-]/g, '')}`;
  // The value is read now: React may run the updater after the event is gone.
  const set = (key: keyof CategoryNameValues, value: string) => setValues((v) => ({ ...v, [key]: value }));
  const cancel = async () => {
    if (dirty && !(await confirmDark('입력한 내용이 사라집니다. 닫을까요?'))) return;
    guard.release();
    onCancel();
  };
  return (
    <form
      className="admin-catform"
      noValidate
      aria-label={legend}
      onSubmit={(e) => {
        e.preventDefault();
        const checked = checkCategoryName(values);
        setErrors(checked.errors ?? {});
        if (checked.errors) {
          e.currentTarget.querySelector<HTMLElement>(checked.errors.name ? `#${id}-name` : `#${id}-engname`)?.focus();
          return;
        }
        guard.release();
        onSave(checked.input);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') void cancel();
      }}
    >
      <p className="admin-catform__legend">{legend}</p>
      <div className="admin-field">
        <label htmlFor={`${id}-name`}>이름</label>
        <input
          id={`${id}-name`}
          value={values.name}
          maxLength={30}
          autoFocus
          autoComplete="off"
          aria-invalid={!!errors.name}
          aria-describedby={errors.name ? `${id}-name-error` : undefined}
          onChange={(e) => set('name', e.currentTarget.value)}
        />
        <FieldError id={`${id}-name`} message={errors.name} />
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-engname`}>영문 이름 (선택)</label>
        <input
          id={`${id}-engname`}
          value={values.engname}
          maxLength={50}
          autoComplete="off"
          aria-invalid={!!errors.engname}
          aria-describedby={errors.engname ? `${id}-engname-error` : undefined}
          onChange={(e) => set('engname', e.currentTarget.value)}
        />
        <FieldError id={`${id}-engname`} message={errors.engname} />
      </div>
      <div className="admin-catform__actions">
        <button type="submit" className="btn btn--sm btn--dark" disabled={busy}>
          {submitLabel}
        </button>
        <button type="button" className="btn btn--sm" onClick={() => void cancel()}>
          취소
        </button>
      </div>
    </form>
  );
}

/** Where the branch goes: only the places it fits are offered (the server checks again). */
function MoveForm({ category: c, actions }: { category: AdminCategory; actions: TreeActions }) {
  const targets = moveTargets(actions.list, c.categoryid);
  const [target, setTarget] = useState<string>(targets[0] ? String(targets[0].categoryid) : '');
  const id = `move-${c.categoryid}`;
  const subtree = childrenOf(actions.list, c.categoryid).length > 0;
  return (
    <form
      className="admin-catform"
      aria-label={`「${c.name}」 옮기기`}
      onSubmit={(e) => {
        e.preventDefault();
        if (target !== '') actions.moveTo(c, Number(target));
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') actions.setEditing(null);
      }}
    >
      <p className="admin-catform__legend">「{c.name}」 옮기기{subtree ? ' (하위 카테고리와 클래스도 함께 옮겨집니다)' : ''}</p>
      {targets.length === 0 ? (
        <p className="admin-muted" role="status">
          옮길 수 있는 위치가 없습니다. 스토어 메뉴는 3단계까지만 보여줍니다.
        </p>
      ) : (
        <div className="admin-field">
          <label htmlFor={id}>새 상위 카테고리</label>
          <select id={id} value={target} autoFocus onChange={(e) => setTarget(e.currentTarget.value)}>
            {targets.map((t) => (
              <option key={t.categoryid} value={t.categoryid}>
                {t.label}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="admin-catform__actions">
        {targets.length > 0 && (
          <button type="submit" className="btn btn--sm btn--dark" disabled={actions.busy}>
            옮기기
          </button>
        )}
        <button type="button" className="btn btn--sm" onClick={() => actions.setEditing(null)}>
          취소
        </button>
      </div>
    </form>
  );
}
