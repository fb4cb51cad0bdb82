import type { authMessages } from '@pactum/core/auth';
import { useEffect, useState } from 'react';
import { useLang } from '../../ui/use-lang';

type AuthMessages = Record<keyof (typeof authMessages)['en'], string>;

let loaded: typeof authMessages | undefined;

/**
 * The sign-in and sign-up texts of `@pactum/core/auth` in the user's language, fetched with
 * that module when `isNeeded` first holds (an error to show); undefined until then.
 */
export function useAuthMessages(isNeeded: boolean): AuthMessages | undefined {
  const lang = useLang();
  const [messages, setMessages] = useState(() => loaded);
  const isMissing = isNeeded && messages === undefined;
  useEffect(() => {
    if (!isMissing) return;
    let isCurrent = true;
    void import('./auth-schemas').then((module) => {
      loaded = module.authMessages;
      if (isCurrent) setMessages(loaded);
    });
    return () => {
      isCurrent = false;
    };
  }, [isMissing]);
  return (messages ?? loaded)?.[lang];
}
