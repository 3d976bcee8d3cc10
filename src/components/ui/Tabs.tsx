interface TabsProps<T extends string> {
  /** The tab list's accessible name. */
  label: string;
  /** The bar's look, kept by the screen that shows it (`board-tabs`, `point-tabs`); the selected tab gets `on`. */
  className: string;
  /** Value and visible name of each tab, in order. */
  tabs: readonly (readonly [value: T, name: string])[];
  selected: T;
  onSelect: (value: T) => void;
  /** For tabs that switch one tab panel: tab `<idPrefix>-tab-<value>` controls the panel `<idPrefix>-panel`. */
  idPrefix?: string | undefined;
}

/** A row of tabs that switches what the screen below shows: role tablist, each tab aria-selected. */
export function Tabs<T extends string>({ label, className, tabs, selected, onSelect, idPrefix }: TabsProps<T>) {
  return (
    <div className={className} role="tablist" aria-label={label}>
      {tabs.map(([value, name]) => (
        <button
          key={value}
          type="button"
          role="tab"
          id={idPrefix && `${idPrefix}-tab-${value}`}
          aria-selected={selected === value}
          aria-controls={idPrefix && `${idPrefix}-panel`}
          className={selected === value ? 'on' : undefined}
          onClick={() => onSelect(value)}
        >
          {name}
        </button>
      ))}
    </div>
  );
}
