// Prints the argon2id hash of a password for DASHBOARD_USERS_FILE: npm run hash-password (then type it).
import argon2 from "argon2";
import { createInterface } from "node:readline";

async function readPassword() {
  if (!process.stdin.isTTY) {
    let text = "";
    for await (const chunk of process.stdin) text += chunk;
    return text.replace(/\r?\n$/, "");
  }
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  process.stderr.write("Password (not shown): ");
  // Mute the echo: the password never reaches the terminal or the shell history.
  rl._writeToOutput = () => {};
  const password = await new Promise((resolve) => rl.question("", resolve));
  rl.close();
  process.stderr.write("\n");
  return password;
}

const password = await readPassword();
if (password.length < 12) {
  console.error("Use a password of at least 12 characters.");
  process.exit(1);
}
console.log(await argon2.hash(password, { type: argon2.argon2id }));
