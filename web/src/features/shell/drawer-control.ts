import { createContext, useContext, useEffect } from 'react';

/** What a page may ask of the dashboard's side menu. */
export type DrawerControl = { close: () => void };

export const DrawerControlContext = createContext<DrawerControl>({ close: () => undefined });

/**
 * Closes the side menu when the page opens (the document editors want the room, spec 2 §2.2);
 * the user can open it again with the menu button.
 */
export function useCloseDrawerOnOpen(): void {
  const { close } = useContext(DrawerControlContext);
  useEffect(() => close(), [close]);
}
