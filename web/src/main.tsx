import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startI18n } from './app/i18n';
import './ui/plain/plain.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The first render waits for the messages of the user's language (one small chunk).
void startI18n().then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
