import '@/styles/theme.css';
import '@/styles/tokens.css';
import '@/styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { checkStoredSession } from '@/app/bootstrap';
import { configurePrimeLocale } from '@/lib/primereact';

async function start() {
  configurePrimeLocale();
  try {
    await checkStoredSession();
  } catch (error) {
    console.error('Start-up failed; mounting anyway', error);
  }
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
