// Placeholder for a script whose issue has not landed yet: fail loudly, never pretend.
const name = process.argv[2] ?? "this script";
console.error(`npm run ${name}: not built yet (see the open issues).`);
process.exit(1);
