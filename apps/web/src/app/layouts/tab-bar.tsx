import { TABS, type TabKey } from '@linkup/contract';
import { Link } from 'react-router';
import { badgeText } from '@/lib/format';
import { selectUnreadMessages, useUnreadStore } from '@/lib/unread-store';

const TAB_ICONS: Record<TabKey, string> = {
  home: 'pi-home',
  discover: 'pi-compass',
  matches: 'pi-heart',
  feed: 'pi-images',
  messages: 'pi-comments',
  more: 'pi-bars',
};

/** Bottom tab bar (spec §2): the route's tab is highlighted; Messages, Matches and Feed carry unread badges. */
export function TabBar({ activeTab }: { activeTab: TabKey | undefined }) {
  const unreadMessages = useUnreadStore(selectUnreadMessages);
  const tabs = useUnreadStore((s) => s.unreadTabs);
  const unread: Partial<Record<TabKey, { count: number; noun: string }>> = {
    messages: { count: unreadMessages, noun: 'unread messages' },
    // Issue 32: Feed counts likes on my post, Matches new matches; the header's bell counts them all.
    feed: { count: tabs.feed, noun: 'new likes on your post' },
    matches: { count: tabs.matches, noun: 'new matches' },
  };

  return (
    <nav className="tab-bar" aria-label="Main">
      <ul className="tab-bar-list">
        {TABS.map((tab) => {
          const active = tab.key === activeTab;
          const badge = unread[tab.key];
          const label = badge ? badgeText(badge.count) : '';
          return (
            <li key={tab.key}>
              <Link
                to={tab.path}
                className={`tab${active ? ' is-active' : ''}`}
                aria-current={active ? 'page' : undefined}
              >
                <span className="tab-icon">
                  <i className={`pi ${TAB_ICONS[tab.key]}`} aria-hidden="true" />
                  {label && (
                    <span className="tab-badge" data-testid={`${tab.key}-badge`} aria-hidden="true">
                      {label}
                    </span>
                  )}
                </span>
                <span className="tab-label">{tab.label}</span>
                {label && badge && <span className="sr-only">, {badge.count} {badge.noun}</span>}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
