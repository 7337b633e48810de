/** The shop's bank account for EFT payments, as the settings keep it. */
export type BankDetails = {
  bankName: string;
  bankAccountHolder: string;
  bankAccountNumber: string;
  bankBranchCode: string;
  bankAccountType: string;
};

/** The account when the owner has set it (all of it), or null. */
export function bankDetailsOf(settings: BankDetails): BankDetails | null {
  const { bankName, bankAccountHolder, bankAccountNumber, bankBranchCode, bankAccountType } =
    settings;
  const details = {
    bankName,
    bankAccountHolder,
    bankAccountNumber,
    bankBranchCode,
    bankAccountType,
  };
  return Object.values(details).every((v) => v !== "") ? details : null;
}

/** How a document tells the buyer to pay by EFT: the account, and the reference to quote. */
export function eftInstructions(bank: BankDetails, reference: string): string {
  return [
    "Pay by EFT to:",
    `Bank: ${bank.bankName}`,
    `Account holder: ${bank.bankAccountHolder}`,
    `Account number: ${bank.bankAccountNumber}`,
    `Branch code: ${bank.bankBranchCode}`,
    `Account type: ${bank.bankAccountType}`,
    `Reference: ${reference}`,
  ].join("\n");
}
