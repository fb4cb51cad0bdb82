import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircleIcon } from '../../../ui/plain/plain-icons';

type StartFrameProps = {
  /** The page heading (its only h1). */
  title: string;
  /** A line under the heading. */
  subtitle?: ReactNode;
  children: ReactNode;
};

/**
 * The frame of the sign-in, registration, verification and invite cards: on wide screens a
 * welcome panel beside the card. Drawn by the plain kit (`.pl-frame`), so the sign-in route
 * needs no MUI; the cards inside may use it.
 */
export function StartFrame({ title, subtitle, children }: StartFrameProps) {
  const { t } = useTranslation();
  return (
    <div className="pl-frame">
      <aside className="pl-frame-aside" aria-label={t('start.welcome')}>
        <p className="pl-frame-welcome">{t('start.welcome')}</p>
        <p className="pl-frame-tagline">{t('start.tagline')}</p>
        <ul className="pl-frame-points">
          {(['point1', 'point2', 'point3'] as const).map((point) => (
            <li key={point}>
              <CheckCircleIcon />
              {t(`start.${point}`)}
            </li>
          ))}
        </ul>
      </aside>
      <div className="pl-frame-body">
        <div>
          <h1 className="pl-frame-title">{title}</h1>
          {subtitle && <p className="pl-frame-subtitle">{subtitle}</p>}
        </div>
        {children}
      </div>
    </div>
  );
}
