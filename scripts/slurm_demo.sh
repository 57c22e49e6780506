#!/usr/bin/env bash
# Brings up a one-node Slurm cluster on this machine (Debian's slurm-wlm: munged, slurmctld
# and slurmd with a minimal slurm.conf), runs the job-array recipe of docs/guide.md on it, checks the
# merged count and statistics against one `dancing cover --count --stats`, and takes the
# cluster down again.
#
#   sudo scripts/slurm_demo.sh [FILE [TASKS]]
#
# FILE defaults to puzzles/exact-cover/pentomino-6x10-xq.dlx, TASKS (the array's size) to 100.
# Needs root (it installs slurm-wlm and munge with apt-get when they are missing, writes
# /etc/slurm/slurm.conf and starts the daemons) and cargo, to build dancing. Meant for a
# scratch machine or container: it replaces any slurm.conf there, and stops at once if Slurm
# or munge is already running.
set -euo pipefail
cd "$(dirname "$0")/.."

file=$(realpath "${1:-puzzles/exact-cover/pentomino-6x10-xq.dlx}")
tasks=${2:-100}
say() { printf '\n==> %s\n' "$*"; }
# Prints a command as typed, then runs it.
run() {
    printf '$ %s\n' "$*"
    sh -c "$*"
}

if [ "$(id -u)" != 0 ]; then
    echo "slurm_demo.sh: needs root, to install and start Slurm" >&2
    exit 2
fi
if pgrep -x slurmctld >/dev/null || pgrep -x slurmd >/dev/null || pgrep -x munged >/dev/null; then
    echo "slurm_demo.sh: Slurm or munge is already running here; this demo starts its own" >&2
    exit 2
fi
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
    say "apt-get install slurm-wlm munge"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge >/dev/null
fi
say "cargo build --release"
cargo build --release --quiet
export PATH="$PWD/target/release:$PATH"

work=$(mktemp -d /tmp/slurm-demo.XXXXXX)
chmod 755 "$work"
node=$(hostname -s)
cpus=$(nproc)
memory=$(awk '/MemTotal/ { print int($2 / 1024 * 0.9) }' /proc/meminfo)

say "munged, slurmctld and slurmd on $node ($cpus CPUs), $(sbatch --version)"
[ -s /etc/munge/munge.key ] || mungekey --create --keyfile /etc/munge/munge.key
chown munge:munge /etc/munge/munge.key
chmod 400 /etc/munge/munge.key
mkdir -p /run/munge /var/spool/slurmctld /var/spool/slurmd /var/log/slurm
chown munge:munge /run/munge
cat > /etc/slurm/slurm.conf <<CONF
# Written by scripts/slurm_demo.sh: one node, no accounting, no cgroups.
ClusterName=demo
SlurmctldHost=$node
SlurmUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SchedulerParameters=batch_sched_delay=0,sched_min_interval=0,bf_interval=1
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
ReturnToService=2
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=demo Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
runuser -u munge -- /usr/sbin/munged --force
slurmctld
slurmd
stop() {
    scontrol shutdown >/dev/null 2>&1 || true
    if [ -s /run/munge/munged.pid ]; then
        kill "$(cat /run/munge/munged.pid)" 2>/dev/null || true
    fi
}
trap stop EXIT
for _ in $(seq 60); do
    sinfo --noheader --states=idle 2>/dev/null | grep -q . && break
    sleep 1
done
run sinfo

cd "$work"
cp "$file" .
name=$(basename "$file")
say "the recipe, in $work"
run "dancing cover --split --parts 1000 $name > parts.jsonl"
cat > count.sbatch <<JOB
#!/bin/sh
#SBATCH --job-name=dancing-parts
#SBATCH --array=0-$((tasks - 1))
#SBATCH --output=slurm-%a.log
dancing cover --count --parts parts.jsonl --shard \$SLURM_ARRAY_TASK_ID/$tasks $name \\
    > results-\$SLURM_ARRAY_TASK_ID.jsonl
JOB
run "cat count.sbatch"
start=$(date +%s%N)
run "sbatch --wait count.sbatch"
echo "(the array ran for $(( ($(date +%s%N) - start) / 1000000 )) ms)"
run "ls results-*.jsonl | wc -l"
run "dancing cover --merge parts.jsonl results-*.jsonl --stats"

say "one thread, for comparison"
run "dancing cover --count --stats $name"
merged=$(dancing cover --merge parts.jsonl results-*.jsonl --stats 2>&1 | grep -E '^(nodes|updates|solutions):')
single=$(dancing cover --count --stats "$name" 2>&1 | grep -E '^(nodes|updates|solutions):')
if [ "$merged" = "$single" ]; then
    say "the Slurm array's merged count and statistics equal one thread's"
else
    say "MISMATCH between the merged and the one-thread statistics"
    exit 1
fi
