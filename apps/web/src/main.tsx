import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/AppProviders';
import { createAppRouter } from './app/router';
import { logout } from './features/auth/logout';
import { seedSessionUser } from './features/auth/session-user';
import { setFeedbackFallback } from './lib/feedback';
import { onSessionExpired } from './lib/http';
import { startSession } from './lib/session';
import { loadLocale } from './locales';

/**
 * Not a top-level await: a module that awaits at the top makes Rolldown turn off its chunk merging,
 * which split the first screen into a hundred small files (issue 21).
 */
async function start() {
  await loadLocale();
  // System CJK fonts render first; the web font is the fallback where there is none (see theme.ts).
  void import('./app/fonts');

  // Spec §4: a stored record older than 5 minutes is dropped; a fresh one renders at once.
  const session = startSession();
  if (session.user) seedSessionUser(session.user, session.savedAt);
  // Screens without antd's <App> (sign-in) create one for their first toast or dialog.
  setFeedbackFallback(() => import('./app/feedback-holder').then((module) => module.holderSink()));
  // Code 8: the server already refused the token, so there is nothing to revoke.
  onSessionExpired(() => void logout({ callServer: false }));

  const router = createAppRouter();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');

  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
