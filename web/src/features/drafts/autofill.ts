import type { Address, Company } from '@pactum/core/auth';
import type { Party } from '@pactum/core/documents';

/** The user's address as one line of a party's address: street, postal code and city, country. */
export function addressLine(address: Partial<Address>): string {
  const city = [address.zip, address.city].filter(Boolean).join(' ');
  return [address.street1, address.street2, city, address.state, address.country]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
}

/**
 * The sender party filled from the user's company details (My account, autofill), when the
 * party has no name yet and the user has a company name. Undefined when nothing changes.
 */
export function autofilledSender(
  sender: Party,
  company: Partial<Company>,
  address: Partial<Address>,
): Party | undefined {
  const name = company.name?.trim();
  if (sender.name.trim() || !name) return undefined;
  const filled: Party = { ...sender, type: 'business', name };
  const vat = company.vat?.trim();
  if (vat) filled.vat = vat;
  const line = addressLine(address);
  if (line) filled.address = line;
  return filled;
}
