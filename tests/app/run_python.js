/* Runs the exported app's Python under Node with the npm package of Pyodide, for the tests:
   one process for every case. argv: the job file (JSON: pyodide's folder, the apps' zips, the
   root to unpack them in, the Python to run, and its input). Prints what the Python returns. */
"use strict";
const fs = require("fs");
const path = require("path");

async function main() {
  const job = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
  const { loadPyodide } = require(path.join(job.pyodide, "pyodide.js"));
  const py = await loadPyodide({ indexURL: job.pyodide + "/" });
  for (const zip of job.zips) {
    py.unpackArchive(new Uint8Array(fs.readFileSync(zip)), "zip", { extractDir: job.root });
  }
  py.globals.set("JOB", JSON.stringify(job.input));
  py.runPython("import sys; sys.path.insert(0, " + JSON.stringify(job.root) + ")");
  const out = py.runPython(job.python);
  process.stdout.write(out);
}
main().catch((err) => { process.stderr.write(String(err && err.stack || err)); process.exit(1); });
