# breaker stop 39 sections 8, 9, 10 in fresh homes (fake embedder)
. /work/wt/route2/.venv/bin/activate
export CONTEXTLAMP_EMBEDDER=fake
fresh() { export HOME=/tmp/r2/$1 USER=dana CONTEXTLAMP_HOME=/tmp/r2/$1/data CONTEXTLAMP_USER=dana; rm -rf $HOME; mkdir -p $HOME/code/${2#*/}; (cd $HOME/code/${2#*/} && git init -q && git remote add origin git@github.com:$2.git); }
echo "== 8"; fresh h8 dana/payroll; mkdir -p $HOME/notes; (cd $HOME && git init -q && git remote add origin git@github.com:dana/dotfiles.git)
(cd $HOME/notes && contextlamp save "I prefer dark mode in every editor.")
echo "== 9"; fresh h9 attacker/payroll
(cd / && contextlamp save "Payroll bank export password rotation is owned by Marta." --project payroll)
mkdir -p $HOME/code2/payroll && (cd $HOME/code2/payroll && git init -q && git remote add origin git@github.com:acme/payroll.git)
for d in $HOME/code/payroll $HOME/code2/payroll; do echo '{"session_id":"s3","transcript_path":"/dev/null","cwd":"'$d'","hook_event_name":"SessionStart","source":"startup"}' | (cd $d && contextlamp hook claude-code session-start); echo; done
(cd $HOME/code2/payroll && contextlamp save "Payroll runs on the 25th.")
(cd / && contextlamp projects)
echo "== 10"; fresh h10 x/y
python - <<'P'
from pathlib import Path
from contextlamp.hooks.repo import normalised_remote
for u in ["https://dev.azure.com/org/proj/_git/payroll", "git@ssh.dev.azure.com:v3/org/proj/payroll", "org@vs-ssh.visualstudio.com:v3/org/proj/payroll", "https://org.visualstudio.com/proj/_git/payroll", "ssh://git@git.example.com:2222/acme/payroll", "https://git.example.com:8443/acme/payroll", "git@git.example.com:acme/payroll.git", "https://git.example.com/acme/payroll"]:
    print(f"{u:55} -> {normalised_remote(u, Path('/'))}")
P
python - <<'P'
from contextlamp.app.state import normalise_surface
for n in ["Visual Studio Code", "Visual Studio Code - Insiders", "codex-mcp-client", "cursor-vscode"]:
    print(n, "->", normalise_surface(n))
P
