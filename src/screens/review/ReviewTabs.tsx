/**
 * The tabs of a review with rows (car, bike, the config studio's preview): the tab line (each tab's name and, where the
 * review counts them, its errors), the review's tools beside it, and the selected tab's panel.
 *
 * Built on react-aria's tab hooks (useTabList, useTab, useTabPanel over react-stately's list state), not
 * react-aria-components' Tabs: those build their collection by rendering the tabs once more into a hidden document,
 * and on a fresh /review load that code and render were ~25 ms of the task that shows the first rows (issue 18
 * 'Load'). The hooks give the same ARIA tabs pattern: roving focus, arrow keys select, the panel labelled by its tab.
 */
import { createContext, useContext, useMemo, useRef, type ReactNode } from 'react';
import { useTab, useTabList, useTabPanel } from 'react-aria/useTabList';
import { useTabListState, type TabListState } from 'react-stately/useTabListState';
import { Item } from 'react-stately/Item';
import type { ReviewModel } from '../../engine/types.ts';

/** The error counts of the tabs, read by each tab's count alone. */
export const CountsContext = createContext<ReviewModel['errorsCount'] | null>(null);

/** A tab's error count: a changed count re-renders this text only, not the tabs. */
function TabCount({ tab }: { tab: string }) {
  return <>{useContext(CountsContext)?.[tab as keyof ReviewModel['errorsCount']] ?? 0}</>;
}

type State = TabListState<object>;

function ReviewTab({ name, counted, state }: { name: string; counted: boolean; state: State }) {
  const ref = useRef<HTMLDivElement>(null);
  const { tabProps, isSelected } = useTab({ key: name }, state, ref);
  return (
    <div {...tabProps} ref={ref} className="react-aria-Tab" data-selected={isSelected || undefined}>
      {name}
      {counted && (
        <>
          {' ('}
          <TabCount tab={name} />)
        </>
      )}
    </div>
  );
}

function TabLine({ tabs, counted, state }: { tabs: readonly string[]; counted: boolean; state: State }) {
  const ref = useRef<HTMLDivElement>(null);
  const { tabListProps } = useTabList({ 'aria-label': 'Sections' }, state, ref);
  return (
    <div {...tabListProps} ref={ref} className="react-aria-TabList">
      {tabs.map((name) => (
        <ReviewTab key={name} name={name} counted={counted} state={state} />
      ))}
    </div>
  );
}

function TabPanel({ state, className, children }: { state: State; className: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const { tabPanelProps } = useTabPanel({}, state, ref);
  return (
    <div {...tabPanelProps} ref={ref} className={className}>
      {children}
    </div>
  );
}

interface Props {
  tabs: readonly string[];
  selected: string;
  onSelect: (tab: string) => void;
  /** Each tab shows its error count from CountsContext ('Documents (2)'). */
  counted?: boolean;
  /** Beside the tabs, on their line (the review's Next error, Find row, shortcuts). */
  tools?: ReactNode;
  panelClassName: string;
  /** The selected tab's content. */
  children: ReactNode;
}

export function ReviewTabs({ tabs, selected, onSelect, counted = false, tools, panelClassName, children }: Props) {
  const items = useMemo(() => tabs.map((name) => <Item key={name}>{name}</Item>), [tabs]);
  const state = useTabListState({ selectedKey: selected, onSelectionChange: (key) => onSelect(String(key)), children: items });
  return (
    <div className="review-tabs">
      <div className="tab-line">
        <TabLine tabs={tabs} counted={counted} state={state} />
        {tools}
      </div>
      {/* Keyed by the tab: a tab's content starts afresh (its scroll box, its rows) when it is selected. */}
      <TabPanel key={selected} state={state} className={panelClassName}>
        {children}
      </TabPanel>
    </div>
  );
}
