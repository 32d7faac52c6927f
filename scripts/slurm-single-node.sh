#!/bin/bash
# Starts a one-node Slurm cluster on this machine (Debian's slurmctld,
# slurmd and munge; as root), with one generic GPU, so that a sharded
# tuning sweep can be submitted as a job array:
#   apt-get install -y slurmctld slurmd slurm-client munge
#   scripts/slurm-single-node.sh start    # then: sinfo shows the node idle
#   scripts/slurm-single-node.sh stop
# State, spool and logs go to /tmp/c2cuda-slurm; /etc/slurm/slurm.conf and
# gres.conf are overwritten (a test machine's, not a real cluster's).
set -eu
dir=/tmp/c2cuda-slurm
host=$(hostname -s)
case "${1:-}" in
start)
  mkdir -p "$dir/state" "$dir/spool" "$dir/log" /run/munge /var/log/munge
  chown munge:munge /run/munge /var/log/munge /etc/munge/munge.key
  pgrep -x munged > /dev/null || runuser -u munge -- /usr/sbin/munged --force
  cat > /etc/slurm/slurm.conf <<CONF
ClusterName=c2cudatest
SlurmctldHost=$host
SlurmUser=root
AuthType=auth/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
GresTypes=gpu
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
NodeName=$host CPUs=$(nproc) Gres=gpu:1 State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
  # One GPU that is no device: the shards here run the test's fake nvcc.
  printf 'AutoDetect=off\nNodeName=%s Name=gpu File=/dev/null\n' "$host" \
    > /etc/slurm/gres.conf
  pgrep -x slurmctld > /dev/null || slurmctld
  pgrep -x slurmd > /dev/null || slurmd
  for _ in $(seq 30); do
    sinfo -h -o %T 2>/dev/null | grep -qx idle && exit 0
    sleep 1
  done
  echo "slurm-single-node: the node did not come up; see $dir/log" >&2
  exit 1
  ;;
stop)
  pkill -x slurmd || true
  pkill -x slurmctld || true
  ;;
*)
  echo "usage: $0 start|stop" >&2
  exit 2
  ;;
esac
