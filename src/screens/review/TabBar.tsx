/** The review's tab bar with each tab's error count (also the config studio's preview). */
import { createContext, memo, useContext } from 'react';
import { Tab as AriaTab, TabList } from 'react-aria-components/Tabs';
import type { ReviewModel, Tab } from '../../engine/types.ts';
import { useProduct } from '../../products/ProductContext.tsx';

/** The error counts of the tabs, read by each tab's count alone. */
export const CountsContext = createContext<ReviewModel['errorsCount'] | null>(null);

function TabCount({ tab }: { tab: Tab }) {
  return <>{useContext(CountsContext)?.[tab] ?? 0}</>;
}

/**
 * Tabs with their error counts. The counts come through a context, so a changed count re-renders its text only:
 * re-rendering the tabs themselves rebuilds react-aria's collection, several ms on a keystroke that ticks a row.
 */
export const TabBar = memo(function TabBar() {
  const tabs = useProduct().config.product.tabs;
  return (
    <TabList aria-label="Sections">
      {tabs.map((name) => (
        <AriaTab key={name} id={name}>
          {name} (<TabCount tab={name} />)
        </AriaTab>
      ))}
    </TabList>
  );
});

