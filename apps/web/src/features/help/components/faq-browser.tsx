import '@/features/help/help.css';
import { FIELD_LIMITS, type FaqEntry } from '@linkup/contract';
import { Button } from '@/components/button';
import { TextInput } from '@/components/text-input';
import { Spinner } from '@/components/spinner';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useFaq } from '@/features/help/api/get-faq';
import { useDebouncedValue } from '@/lib/use-debounced-value';

const SEARCH_DELAY_MS = 250;

function FaqItem({ entry }: { entry: FaqEntry }) {
  const [open, setOpen] = useState(false);
  const answerId = useId();
  const buttonId = useId();
  return (
    <li className="faq-item">
      <h3 className="faq-question">
        <button id={buttonId} type="button" className="faq-toggle" aria-expanded={open} aria-controls={answerId} onClick={() => setOpen((o) => !o)}>
          <span>{entry.question}</span>
          <i className="pi pi-chevron-down" aria-hidden="true" />
        </button>
      </h3>
      <div id={answerId} role="region" aria-labelledby={buttonId} hidden={!open}>
        <p className="faq-answer">{entry.answer}</p>
      </div>
    </li>
  );
}

/** The FAQ from the server, by category, as an accordion; the search box filters as you type. */
export function FaqBrowser() {
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim().slice(0, FIELD_LIMITS.searchMax), SEARCH_DELAY_MS);
  const faq = useFaq(query);
  const searchId = useId();

  let results = '';
  if (faq.data && faq.data.search) {
    results = faq.data.total === 0
      ? `No answers match “${faq.data.search}”.`
      : `${faq.data.total} ${faq.data.total === 1 ? 'answer matches' : 'answers match'} “${faq.data.search}”.`;
  }

  return (
    <>
      <div className="help-search" role="search">
        <label htmlFor={searchId} className="sr-only">Search the FAQ</label>
        <i className="pi pi-search" aria-hidden="true" />
        <TextInput
          id={searchId}
          type="search"
          value={search}
          maxLength={FIELD_LIMITS.searchMax}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Search questions and answers"
          className="field-control"
          autoComplete="off"
        />
      </div>
      <p className="help-results" role="status" aria-live="polite">{results}</p>

      {faq.isError && !faq.data && (
        <div className="panel-card" role="alert">
          <p className="panel-card-text">The questions and answers could not be loaded.</p>
          <div><Button type="button" label="Try again" icon="pi pi-refresh" className="btn-secondary" onClick={() => void faq.refetch()} /></div>
        </div>
      )}
      {!faq.data && !faq.isError && (
        <div className="help-loading" role="status">
          <Spinner size={36} />
          <span className="sr-only">Loading questions and answers</span>
        </div>
      )}

      {faq.data?.categories.map((category) => (
        <section key={category.id} aria-labelledby={`faq-${category.id}`}>
          <h2 id={`faq-${category.id}`} className="help-category-title">{category.title}</h2>
          <ul className="faq-list">
            {category.entries.map((entry) => <FaqItem key={entry.id} entry={entry} />)}
          </ul>
        </section>
      ))}

      {faq.data && faq.data.total === 0 && (
        <div className="panel-card">
          <p className="panel-card-text">Try other words, or ask us directly — we are happy to help.</p>
          <div><Link to="/app/help/contact" className="text-link">Contact Us</Link></div>
        </div>
      )}
    </>
  );
}
