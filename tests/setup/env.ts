// Tests run with the test environment; nothing here may reach a real mail server or database
// other than the ones a test starts itself.
process.env.NODE_ENV = "test";
delete process.env.SMTP_URL;
delete process.env.DATABASE_URL;
