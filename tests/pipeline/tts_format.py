"""Tabletop Simulator's saved-object format as the tests read a save: the fields pnpkit
writes, each with the type the game reads (Knowledge Base: "Save File Format", "Custom Deck",
"Custom Tile", "Custom Token", "Custom Board", "Custom Figurine"). Strict: a field the game
does not know is an error."""

from __future__ import annotations

from typing import Literal, Union

from pydantic import BaseModel, ConfigDict, Field


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Transform(Strict):
    posX: float
    posY: float
    posZ: float
    rotX: float
    rotY: float
    rotZ: float
    scaleX: float = Field(gt=0)
    scaleY: float = Field(gt=0)
    scaleZ: float = Field(gt=0)


class CustomDeck(Strict):
    FaceURL: str
    BackURL: str
    NumWidth: int = Field(ge=1, le=10)
    NumHeight: int = Field(ge=1, le=7)
    BackIsHidden: bool
    UniqueBack: bool
    Type: int


class Card(Strict):
    Name: Literal["Card"]
    GUID: str
    Nickname: str
    Description: str
    CardID: int
    SidewaysCard: bool
    CustomDeck: dict[str, CustomDeck]
    Transform: Transform


class Deck(Strict):
    Name: Literal["DeckCustom"]
    GUID: str
    Nickname: str
    Description: str
    SidewaysCard: bool
    Transform: Transform
    DeckIDs: list[int]
    CustomDeck: dict[str, CustomDeck]
    ContainedObjects: list[Card]


class TileShape(Strict):
    Type: Literal[0, 1, 2, 3]          # box, hex, circle, rounded
    Thickness: float = Field(gt=0)
    Stackable: bool
    Stretch: bool


class TokenShape(Strict):
    Thickness: float = Field(gt=0)
    MergeDistancePixels: float
    StandUp: bool
    Stackable: bool


class Image_(Strict):
    ImageURL: str = Field(min_length=1)
    ImageSecondaryURL: str
    ImageScalar: float
    WidthScale: float


class TileImage(Image_):
    CustomTile: TileShape


class TokenImage(Image_):
    CustomToken: TokenShape


class Tile(Strict):
    Name: Literal["Custom_Tile"]
    GUID: str
    Nickname: str
    Description: str
    Transform: Transform
    CustomImage: TileImage


class Token(Strict):
    Name: Literal["Custom_Token"]
    GUID: str
    Nickname: str
    Description: str
    Transform: Transform
    CustomImage: TokenImage


class Board(Strict):
    Name: Literal["Custom_Board"]
    GUID: str
    Nickname: str
    Description: str
    Transform: Transform
    Locked: bool
    CustomImage: Image_


class Figurine(Strict):
    Name: Literal["Figurine_Custom"]
    GUID: str
    Nickname: str
    Description: str
    Transform: Transform
    CustomImage: Image_


class Bag(Strict):
    Name: Literal["Bag"]
    GUID: str
    Nickname: str
    Description: str
    Transform: Transform
    ContainedObjects: list[Union[Tile, Token]]


class Save(BaseModel):
    SaveName: str
    ObjectStates: list[Union[Deck, Card, Tile, Token, Board, Figurine, Bag]]
    LuaScript: str
    XmlUI: str
