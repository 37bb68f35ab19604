// Run compile_wheels.py in Pyodide under Node, with every package of the site's lock loaded:
//   node lite/compile_wheels.mjs <the site's pyodide folder> <names of wheels that keep sources>
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [pyodideDir, keep] = process.argv.slice(2).map((arg, i) => (i === 0 ? resolve(arg) : arg));
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });
const lock = JSON.parse(readFileSync(join(pyodideDir, "pyodide-lock.json"), "utf8"));
await pyodide.loadPackage(Object.keys(lock.packages), { messageCallback: () => {} });
pyodide.FS.mkdirTree("/wheels");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: pyodideDir }, "/wheels");
const script = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "compile_wheels.py"), "utf8");
pyodide.pyimport("sys").argv = pyodide.toPy(["compile_wheels.py", "/wheels", keep]);
pyodide.runPython(script);
