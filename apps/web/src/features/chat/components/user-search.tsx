import { UI_TEXTS, USER_SEARCH_MESSAGES, type ChatUserSearchResult } from '@linkup/contract';
import { ChatAvatar } from '@/features/chat/components/chat-avatar';

/** 'N years old • city', or what of it the member shows (issue 32: never an e-mail or a number). */
export const searchResultDetails = ({ age, city }: ChatUserSearchResult): string =>
  [age !== null ? `${age} years old` : null, city].filter(Boolean).join(' • ');

export type SearchState =
  | { kind: 'idle' }
  /** Fewer characters than a search needs. */
  | { kind: 'tooShort' }
  | { kind: 'searching'; term: string }
  | { kind: 'failed'; term: string }
  | { kind: 'results'; term: string; users: readonly ChatUserSearchResult[] };

interface UserSearchProps {
  value: string;
  onChange: (value: string) => void;
  state: SearchState;
  onChoose: (user: ChatUserSearchResult) => void;
  /** A chat is being started: the results wait. */
  busy?: boolean;
}

/**
 * The member search of the Messages screen (spec §2): 'Searching for "…"' while it looks,
 * 'No users found for "…"' with 'Try a different search term', else the members found.
 */
export function UserSearch({ value, onChange, state, onChoose, busy = false }: UserSearchProps) {
  return (
    <div className="user-search">
      <div className="user-search-box" role="search">
        <i className="pi pi-search" aria-hidden="true" />
        <input
          type="search"
          className="user-search-input"
          placeholder="Search users by name"
          aria-label="Search users"
          autoComplete="off"
          enterKeyHint="search"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
        {value && (
          <button type="button" className="user-search-clear" aria-label="Clear search" onClick={() => onChange('')}>
            <i className="pi pi-times" aria-hidden="true" />
          </button>
        )}
      </div>
      <SearchOutcome state={state} onChoose={onChoose} busy={busy} />
    </div>
  );
}

function SearchOutcome({ state, onChoose, busy }: Pick<UserSearchProps, 'state' | 'onChoose'> & { busy: boolean }) {
  switch (state.kind) {
    case 'idle':
    case 'failed':
      return null;
    case 'tooShort':
      return <p className="search-status" role="status">{USER_SEARCH_MESSAGES.tooShort}</p>;
    case 'searching':
      return (
        <p className="search-status" role="status">
          <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {`${UI_TEXTS.messages.searching} "${state.term}"`}
        </p>
      );
    case 'results':
      if (state.users.length === 0) {
        return (
          <div className="chat-empty chat-empty--compact" role="status">
            <span className="chat-empty-icon" aria-hidden="true"><i className="pi pi-user-minus" /></span>
            <p className="chat-empty-title">{`${UI_TEXTS.messages.noUsersFound} "${state.term}"`}</p>
            <p className="chat-empty-text">{UI_TEXTS.messages.tryDifferentSearch}</p>
          </div>
        );
      }
      return (
        <ul className="search-results" aria-label="Search results" aria-busy={busy}>
          {state.users.map((user) => (
            <li key={user.id}>
              <button type="button" className="search-result" onClick={() => onChoose(user)} disabled={busy}>
                <ChatAvatar name={user.name} photo={user.photo?.thumb} size="sm" />
                <span className="search-result-text">
                  <span className="search-result-name">{user.name}</span>
                  <span className="search-result-details">{searchResultDetails(user)}</span>
                </span>
                <i className="pi pi-comment search-result-icon" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      );
  }
}
