/** A refusal the back office shows as it is: not found, conflict, invalid input. */
export class AdminError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 = 400,
    /** The form field the message belongs to, when there is one. */
    readonly field?: string,
  ) {
    super(message);
    this.name = "AdminError";
  }
}
