/**
 * When a tab asks for its notification toasts (`POST /notifications/push`, spec 1 §4: a push is
 * shown once, then marked pushed): once when the app loads and after each `notification.created`
 * on the user's topic, but only while the tab is visible, so the toasts go to the tab the person
 * looks at. A hidden tab remembers that it should ask and asks when it is shown. One question is
 * out at a time; what is wanted meanwhile is asked right after it.
 */
export class PushGate {
  readonly #isVisible: () => boolean;
  readonly #ask: () => Promise<void>;
  #isWanted = false;
  #isAsking = false;

  constructor(options: {
    /** Whether the tab is shown (`document.visibilityState === 'visible'`). */
    isVisible: () => boolean;
    /** Asks the server for the toasts and shows them. */
    ask: () => Promise<void>;
  }) {
    this.#isVisible = options.isVisible;
    this.#ask = options.ask;
  }

  /** Something may wait to be shown: the app loaded, or a notification was made. */
  want(): void {
    this.#isWanted = true;
    this.#run();
  }

  /** The tab was shown or hidden. */
  visibilityChanged(): void {
    this.#run();
  }

  #run(): void {
    if (!this.#isWanted || this.#isAsking || !this.#isVisible()) return;
    this.#isWanted = false;
    this.#isAsking = true;
    // A failed question is not repeated at once: the notifications stay unpushed on the server
    // and the next notification (or load) asks again; the bell shows them meanwhile.
    void this.#ask()
      .catch(() => undefined)
      .finally(() => {
        this.#isAsking = false;
        this.#run();
      });
  }
}
