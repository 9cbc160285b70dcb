"""Tests build a ``MemoryService`` directly; ``app_of`` wires the other application objects around it the way
``app.compose.assemble`` does, from the same collaborators."""

from __future__ import annotations

from contextlamp.app.accounts import Accounts
from contextlamp.app.compose import App, create_oauth
from contextlamp.app.doctor import Doctor
from contextlamp.app.importing import Importer
from contextlamp.app.migration import Migrator
from contextlamp.app.porter import Porter
from contextlamp.app.service import MemoryService
from contextlamp.config import Settings


def app_of(service: MemoryService) -> App:
    """The ``App`` around ``service``: its registry, scanner, embedder, limits and clock."""
    porter = Porter(service.registry, service.scanner, service.embedder.embed, service.limits, service.clock)
    return App(
        service=service,
        accounts=Accounts(service.registry, service.clock),
        porter=porter,
        doctor=Doctor(service.registry, service.embedder, service.entry_embedding, porter),
        migrator=Migrator(service.registry, service.entry_embedding, porter),
        oauth=create_oauth(service.registry, Settings(), service.clock),
        importer=Importer(service, service.clock),
    )
