"""Refusals by the service door that are not rules of the game (those are EngineErrors)."""


class ServiceError(Exception):
    def __init__(self, code: str, message: str, **extra):
        super().__init__(message)
        self.code = code
        self.message = message
        self.extra = extra
