/** The signed-in user a use case acts for. */
export type Caller = { id: string; name: string; email: string };
