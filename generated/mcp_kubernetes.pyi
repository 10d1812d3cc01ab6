"""Types of the mcp2openai 0.4.0 toolset module beside this stub: the API its folder's
toolsets share, and one TypedDict per tool."""

from typing import Literal, NotRequired, TypedDict

from _mcp2openai.api import (
    NAMES,
    REPORT,
    SERVERS,
    ContractError,
    Report,
    ServerError,
    ToolCall,
    ToolCalls,
    agents_tools,
    arguments,
    connect,
    execute_tool_calls,
    execute_tool_calls_sync,
    pydantic_ai_toolset,
    tool_calls,
    tool_choice,
    tool_output,
    tool_search,
    tools,
)

__all__ = [
    "NAMES",
    "REPORT",
    "SERVERS",
    "ContractError",
    "Report",
    "ServerError",
    "ToolCall",
    "ToolCalls",
    "agents_tools",
    "arguments",
    "connect",
    "execute_tool_calls",
    "execute_tool_calls_sync",
    "pydantic_ai_toolset",
    "tool_calls",
    "tool_choice",
    "tool_output",
    "tool_search",
    "tools",
]

KubernetesCleanupArgs = TypedDict(
    "KubernetesCleanupArgs",
    {},
)
KubernetesKubectlGetArgs = TypedDict(
    "KubernetesKubectlGetArgs",
    {
        "resourceType": str,
        "name": NotRequired[str],
        "namespace": NotRequired[str],
        "output": NotRequired[Literal["json", "yaml", "wide", "name", "custom"]],
        "allNamespaces": NotRequired[bool],
        "labelSelector": NotRequired[str],
        "fieldSelector": NotRequired[str],
        "sortBy": NotRequired[str],
        "context": NotRequired[str],
    },
)
KubernetesKubectlDescribeArgs = TypedDict(
    "KubernetesKubectlDescribeArgs",
    {
        "resourceType": str,
        "name": str,
        "namespace": NotRequired[str],
        "context": NotRequired[str],
        "allNamespaces": NotRequired[bool],
    },
)
KubernetesKubectlApplyArgs = TypedDict(
    "KubernetesKubectlApplyArgs",
    {
        "manifest": NotRequired[str],
        "filename": NotRequired[str],
        "namespace": NotRequired[str],
        "dryRun": NotRequired[bool],
        "force": NotRequired[bool],
        "context": NotRequired[str],
    },
)
KubernetesKubectlDeleteArgs = TypedDict(
    "KubernetesKubectlDeleteArgs",
    {
        "resourceType": NotRequired[str],
        "name": NotRequired[str],
        "namespace": NotRequired[str],
        "labelSelector": NotRequired[str],
        "manifest": NotRequired[str],
        "filename": NotRequired[str],
        "allNamespaces": NotRequired[bool],
        "force": NotRequired[bool],
        "gracePeriodSeconds": NotRequired[float],
        "context": NotRequired[str],
    },
)
KubernetesKubectlCreateArgs = TypedDict(
    "KubernetesKubectlCreateArgs",
    {
        "dryRun": NotRequired[bool],
        "output": NotRequired[str],
        "validate": NotRequired[bool],
        "manifest": NotRequired[str],
        "filename": NotRequired[str],
        "resourceType": NotRequired[str],
        "name": NotRequired[str],
        "namespace": NotRequired[str],
        "fromLiteral": NotRequired[list[str]],
        "fromFile": NotRequired[list[str]],
        "fromFileContent": NotRequired[list[dict[str, object]]],
        "secretType": NotRequired[Literal["generic", "docker-registry", "tls"]],
        "serviceType": NotRequired[str],
        "tcpPort": NotRequired[list[str]],
        "image": NotRequired[str],
        "replicas": NotRequired[float],
        "port": NotRequired[float],
        "schedule": NotRequired[str],
        "suspend": NotRequired[bool],
        "command": NotRequired[list[str]],
        "labels": NotRequired[list[str]],
        "annotations": NotRequired[list[str]],
        "context": NotRequired[str],
    },
)
KubernetesKubectlLogsArgs = TypedDict(
    "KubernetesKubectlLogsArgs",
    {
        "resourceType": Literal["pod", "deployment", "job", "cronjob"],
        "name": str,
        "namespace": str,
        "container": NotRequired[str],
        "tail": NotRequired[float],
        "since": NotRequired[str],
        "sinceTime": NotRequired[str],
        "timestamps": NotRequired[bool],
        "previous": NotRequired[bool],
        "follow": NotRequired[bool],
        "labelSelector": NotRequired[str],
        "context": NotRequired[str],
    },
)
KubernetesKubectlScaleArgs = TypedDict(
    "KubernetesKubectlScaleArgs",
    {
        "name": str,
        "namespace": NotRequired[str],
        "replicas": float,
        "resourceType": NotRequired[str],
        "context": NotRequired[str],
    },
)
KubernetesKubectlPatchArgs = TypedDict(
    "KubernetesKubectlPatchArgs",
    {
        "resourceType": str,
        "name": str,
        "namespace": NotRequired[str],
        "patchType": NotRequired[Literal["strategic", "merge", "json"]],
        "patchData": NotRequired[dict[str, object]],
        "patchFile": NotRequired[str],
        "dryRun": NotRequired[bool],
        "context": NotRequired[str],
    },
)
KubernetesKubectlRolloutArgs = TypedDict(
    "KubernetesKubectlRolloutArgs",
    {
        "subCommand": str,
        "resourceType": Literal["deployment", "daemonset", "statefulset"],
        "name": str,
        "namespace": str,
        "revision": NotRequired[float],
        "toRevision": NotRequired[float],
        "timeout": NotRequired[str],
        "watch": NotRequired[bool],
        "context": NotRequired[str],
    },
)
KubernetesKubectlContextArgs = TypedDict(
    "KubernetesKubectlContextArgs",
    {
        "operation": Literal["list", "get", "set"],
        "name": NotRequired[str],
        "showCurrent": NotRequired[bool],
        "detailed": NotRequired[bool],
        "output": NotRequired[Literal["json", "yaml", "name", "custom"]],
    },
)
KubernetesKubectlReconnectArgs = TypedDict(
    "KubernetesKubectlReconnectArgs",
    {},
)
KubernetesExplainResourceArgs = TypedDict(
    "KubernetesExplainResourceArgs",
    {
        "resource": str,
        "apiVersion": NotRequired[str],
        "recursive": NotRequired[bool],
        "context": NotRequired[str],
        "output": NotRequired[Literal["plaintext", "plaintext-openapiv2"]],
    },
)
KubernetesInstallHelmChartArgs = TypedDict(
    "KubernetesInstallHelmChartArgs",
    {
        "name": str,
        "chart": str,
        "namespace": str,
        "context": NotRequired[str],
        "repo": NotRequired[str],
        "values": NotRequired[dict[str, object]],
        "valuesFile": NotRequired[str],
        "useTemplate": NotRequired[bool],
        "createNamespace": NotRequired[bool],
    },
)
KubernetesUpgradeHelmChartArgs = TypedDict(
    "KubernetesUpgradeHelmChartArgs",
    {
        "name": str,
        "chart": str,
        "namespace": str,
        "context": NotRequired[str],
        "repo": NotRequired[str],
        "values": NotRequired[dict[str, object]],
        "valuesFile": NotRequired[str],
    },
)
KubernetesUninstallHelmChartArgs = TypedDict(
    "KubernetesUninstallHelmChartArgs",
    {
        "name": str,
        "namespace": str,
        "context": NotRequired[str],
    },
)
KubernetesNodeManagementArgs = TypedDict(
    "KubernetesNodeManagementArgs",
    {
        "operation": Literal["cordon", "drain", "uncordon"],
        "nodeName": NotRequired[str],
        "force": NotRequired[bool],
        "gracePeriod": NotRequired[float],
        "deleteLocalData": NotRequired[bool],
        "ignoreDaemonsets": NotRequired[bool],
        "timeout": NotRequired[str],
        "dryRun": NotRequired[bool],
        "confirmDrain": NotRequired[bool],
    },
)
KubernetesPortForwardArgs = TypedDict(
    "KubernetesPortForwardArgs",
    {
        "resourceType": str,
        "resourceName": str,
        "localPort": float,
        "targetPort": float,
        "namespace": NotRequired[str],
    },
)
KubernetesStopPortForwardArgs = TypedDict(
    "KubernetesStopPortForwardArgs",
    {
        "id": str,
    },
)
KubernetesExecInPodArgs = TypedDict(
    "KubernetesExecInPodArgs",
    {
        "name": str,
        "namespace": NotRequired[str],
        "command": list[str],
        "container": NotRequired[str],
        "timeout": NotRequired[float],
        "context": NotRequired[str],
    },
)
KubernetesListApiResourcesArgs = TypedDict(
    "KubernetesListApiResourcesArgs",
    {
        "apiGroup": NotRequired[str],
        "namespaced": NotRequired[bool],
        "context": NotRequired[str],
        "verbs": NotRequired[list[str]],
        "output": NotRequired[Literal["wide", "name", "no-headers"]],
    },
)
KubernetesKubectlGenericArgs = TypedDict(
    "KubernetesKubectlGenericArgs",
    {
        "command": str,
        "subCommand": NotRequired[str],
        "resourceType": NotRequired[str],
        "name": NotRequired[str],
        "namespace": NotRequired[str],
        "allNamespaces": NotRequired[bool],
        "outputFormat": NotRequired[Literal["json", "yaml", "wide", "name", "custom"]],
        "flags": NotRequired[dict[str, object]],
        "args": NotRequired[list[str]],
        "context": NotRequired[str],
    },
)
KubernetesPingArgs = TypedDict(
    "KubernetesPingArgs",
    {},
)
