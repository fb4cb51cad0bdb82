import type { ReactNode } from 'react';

/**
 * Pactum's own line icons for the plain kit, drawn on a 24-unit grid in the text's colour
 * (`.pl-icon`): the sign-in route shows them without the icon library.
 */
function Icon({ children, className = 'pl-icon' }: { children: ReactNode; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

export function EyeIcon() {
  return (
    <Icon>
      <path d="M2 12 Q12 2.5 22 12 Q12 21.5 2 12 Z" />
      <circle cx="12" cy="12" r="3" />
    </Icon>
  );
}

export function EyeOffIcon() {
  return (
    <Icon>
      <path d="M2 12 Q12 2.5 22 12 Q12 21.5 2 12 Z" />
      <circle cx="12" cy="12" r="3" />
      <path d="M4 3 L20 21" />
    </Icon>
  );
}

export function CheckCircleIcon() {
  return (
    <Icon>
      <circle cx="12" cy="12" r="9" />
      <path d="M8 12.5 L11 15.5 L16.5 9" />
    </Icon>
  );
}

export function ErrorCircleIcon() {
  return (
    <Icon>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7.5 V13 M12 16.5 V16.6" />
    </Icon>
  );
}

export function NewTabIcon() {
  return (
    <Icon>
      <path d="M13 4 H20 V11 M20 4 L11 13 M18 14 V20 H4 V6 H10" />
    </Icon>
  );
}

/** A 'G' for the Google button, in the button's colour. */
export function GoogleIcon() {
  return (
    <Icon>
      <path d="M19.5 12 A7.5 7.5 0 1 1 17.3 6.7 M12.5 12 H19.5" strokeWidth="2.6" />
    </Icon>
  );
}

/** Four squares for the Microsoft button. */
export function MicrosoftIcon() {
  return (
    <Icon>
      <path
        d="M3 3 H11 V11 H3 Z M13 3 H21 V11 H13 Z M3 13 H11 V21 H3 Z M13 13 H21 V21 H13 Z"
        fill="currentColor"
        stroke="none"
      />
    </Icon>
  );
}

export function InfoCircleIcon() {
  return (
    <Icon>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11 V16.5 M12 7.5 V7.6" />
    </Icon>
  );
}

export function WarningIcon() {
  return (
    <Icon>
      <path d="M12 3.5 L21.5 20 H2.5 Z M12 10 V14 M12 17 V17.1" />
    </Icon>
  );
}

export function CloseIcon() {
  return (
    <Icon>
      <path d="M6 6 L18 18 M18 6 L6 18" />
    </Icon>
  );
}
