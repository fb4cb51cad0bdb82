/** Up to two letters for an avatar: of the first and last name, else of the e-mail. */
export function initials(person: { firstname: string; lastname: string; email: string }): string {
  const letters = [person.firstname, person.lastname]
    .map((name) => Array.from(name.trim())[0] ?? '')
    .join('');
  return (letters || Array.from(person.email)[0] || '?').toUpperCase();
}
